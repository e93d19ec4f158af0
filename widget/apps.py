from django.apps import AppConfig


class WidgetConfig(AppConfig):
    name = "widget"
    default_auto_field = "django.db.models.BigAutoField"
