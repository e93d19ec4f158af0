from django.apps import AppConfig


class EuisConfig(AppConfig):
    """Client of the EU Information System V3 services. No models."""

    name = "euis"
    verbose_name = "EU Information System client"
