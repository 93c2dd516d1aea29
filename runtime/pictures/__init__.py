"""Pictures (图片): render calls off the event loop (``imaging``) through the drawing queue (``renderqueue``)."""
