"""The web table (网页牌桌): a second interface beside ``cogs/`` on the same ``GameService``.

``web.server.WebServer`` serves the page, the links and the WebSockets; ``web.hub.WebHub`` is its presenter (an
observer of the service's pipeline, so Discord and the web get every update); ``web.frames`` answers the pages;
``web.state`` builds each client's own view; ``web.demo`` is ``python bot.py web`` (you against three AI seats).
Layering: web imports runtime, engine, data and i18n; nothing below imports web.
"""
