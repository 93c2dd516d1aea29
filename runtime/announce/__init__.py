"""Announcements (公告): engine events and procedures turned into message keys with parameters."""
