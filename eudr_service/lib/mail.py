"""Where the service's e-mails go, in words for `make run`'s start banner."""

from __future__ import annotations

from django.conf import settings


def mail_destination() -> str:
    backend = settings.EMAIL_BACKEND.rsplit(".", 2)[-2] if "." in settings.EMAIL_BACKEND else ""
    if backend == "filebased":
        return f".eml files under {settings.EMAIL_FILE_PATH}/ (nothing is sent; docs/deploy.md: SMTP)"
    if backend == "smtp":
        return f"SMTP via {settings.EMAIL_HOST}:{settings.EMAIL_PORT}"
    if backend == "console":
        return "the log (console; set EMAIL_HOST to send, docs/deploy.md)"
    return settings.EMAIL_BACKEND
