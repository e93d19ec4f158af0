from django.apps import AppConfig


class AccountsConfig(AppConfig):
    verbose_name = "Accounts and plans"
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"
