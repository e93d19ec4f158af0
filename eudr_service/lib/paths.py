"""Which requests belong to the API (JSON errors, version headers)."""

from django.conf import settings


def is_api_path(path: str) -> bool:
    return path.startswith(settings.API_PATH_PREFIXES)
