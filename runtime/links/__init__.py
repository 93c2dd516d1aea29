"""Links to the web table (网页牌桌) and the membership checks behind them."""
