from django.apps import AppConfig

from compliance import hooks


class EuFilingConfig(AppConfig):
    # The EU outbox: our statements and declarations filed with the EU Information System
    # (sent, polled, amended, withdrawn), the account's EU credentials, and the upstream
    # statements a first downstream operator or trader checks with the EU.
    name = "eu_filing"
    verbose_name = "EU filing"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Imported here, not at the top: Django loads apps.py before any model is ready.
        from eu_filing import hooks as eu_hooks  # noqa: PLC0415

        hooks.statement_status_changed.connect(
            eu_hooks.statement_status_changed_receive, dispatch_uid="eu_filing.outbox_record"
        )
        hooks.eu_filing_port_register(eu_hooks.EuFilingPort())
