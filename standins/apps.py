from django.apps import AppConfig


class StandinsConfig(AppConfig):
    """The local stand-ins' management commands (run_fake_eu_is, run_fake_uldk). No models."""

    name = "standins"
    verbose_name = "Local stand-ins (make run, tests)"
