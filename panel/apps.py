from django.apps import AppConfig


class PanelConfig(AppConfig):
    """The operators' web panel: the top floor, using every other app; nothing imports it."""

    verbose_name = "Operators' panel"
    name = "panel"
