"""Strict parsing of settings from the environment.

A typo in a deployment variable must stop the service at start-up, not
silently fall back to a default that happens to work on a laptop.
"""

from __future__ import annotations

import os
import re
from urllib.parse import urlparse

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def env_str(name: str, default: str | None = None) -> str | None:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value


def env_bool(name: str, default: bool) -> bool:
    value = env_str(name)
    if value is None:
        return default
    lowered = value.strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be one of {sorted(_TRUE | _FALSE)}, got {value!r}")


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    value = env_str(name)
    if value is None:
        return default
    try:
        parsed = int(value)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be an integer, got {value!r}") from exc
    if minimum is not None and parsed < minimum:
        raise ImproperlyConfigured(f"{name} must be >= {minimum}, got {parsed}")
    return parsed


def env_float(name: str, default: float, *, minimum: float = 0.0) -> float:
    value = env_str(name)
    if value is None:
        return default
    try:
        parsed = float(value)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be a number, got {value!r}") from exc
    if not parsed >= minimum:  # also rejects NaN
        raise ImproperlyConfigured(f"{name} must be >= {minimum}, got {value!r}")
    return parsed


def env_list(name: str, default: list[str]) -> list[str]:
    value = env_str(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def env_choice(name: str, default: str, *, choices: tuple[str, ...]) -> str:
    value = env_str(name, default) or default
    if value not in choices:
        raise ImproperlyConfigured(f"{name} must be one of {'/'.join(choices)}")
    return value


def env_url(name: str, default: str | None, *, schemes: tuple[str, ...]) -> str | None:
    value = env_str(name, default)
    if value is None:
        return None
    parsed = urlparse(value)
    if parsed.scheme not in schemes or not (parsed.netloc or parsed.path):
        raise ImproperlyConfigured(f"{name} must be a URL with scheme {'/'.join(schemes)}")
    return value


FOREST_LAYER_KINDS = ("forest_cover_2020_fraction", "forest_cover_2020_class", "loss_year")


def env_forest_layers(name: str) -> list[dict[str, str]]:
    """`name|kind|path;...` → [{"name", "kind", "path"}], kinds checked."""
    value = env_str(name)
    if value is None:
        return []
    layers = []
    for item in filter(None, (part.strip() for part in value.split(";"))):
        parts = [p.strip() for p in item.split("|")]
        if len(parts) != 3 or parts[1] not in FOREST_LAYER_KINDS or not all(parts):
            raise ImproperlyConfigured(
                f"{name}: each layer is name|kind|path with kind one of {FOREST_LAYER_KINDS}"
            )
        layers.append({"name": parts[0], "kind": parts[1], "path": parts[2]})
    return layers


def env_pattern(name: str, default: str, *, pattern: str, example: str) -> str:
    """A string that must match a regular expression in full (e.g. a data version)."""
    value = env_str(name, default)
    assert value is not None
    if not re.fullmatch(pattern, value):
        raise ImproperlyConfigured(f"{name} must look like {example}, got {value!r}")
    return value
