from django.apps import AppConfig


class AccountsConfig(AppConfig):
    verbose_name = "Accounts and plans"
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Registers the OpenAPI description of our key authentication, once the apps are ready.
        from eudr_service.lib import openapi  # noqa: F401, PLC0415
