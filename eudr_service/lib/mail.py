"""E-mail helpers: the .eml folder of the embedded mode, and where mail goes, for `make run`'s banner."""

from __future__ import annotations

import datetime
import os

from django.conf import settings
from django.core.mail.backends import filebased


class EmlFileBackend(filebased.EmailBackend):
    """One standard .eml file per message (Django's own writes .log files with a separator
    line): any mail program opens it, an editor shows the text, nothing leaves the machine."""

    def _get_filename(self) -> str:
        if self._fname is None:
            stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
            self._fname = os.path.join(self.file_path, f"{stamp}-{abs(id(self))}.eml")
        return self._fname

    def write_message(self, message) -> None:
        self.stream.write(message.message().as_bytes())


def mail_destination() -> str:
    backend = settings.EMAIL_BACKEND
    if backend.endswith("EmlFileBackend") or backend.endswith("filebased.EmailBackend"):
        return f".eml files under {settings.EMAIL_FILE_PATH}/ (nothing is sent; docs/deploy.md: SMTP)"
    if backend.endswith("smtp.EmailBackend"):
        return f"SMTP via {settings.EMAIL_HOST}:{settings.EMAIL_PORT}"
    if backend.endswith("console.EmailBackend"):
        return "the log (console; set EMAIL_HOST to send, docs/deploy.md)"
    return backend
