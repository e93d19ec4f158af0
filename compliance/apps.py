from django.apps import AppConfig


class ComplianceConfig(AppConfig):
    name = "compliance"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from accounts.models import Mandate, Organisation
        from compliance.verification import verification_forget_for_organisation

        # A statement's public record shows whether staff confirmed its operator: when
        # an organisation or a mandate changes, its statements' cached records go.
        for model in (Organisation, Mandate):
            post_save.connect(
                verification_forget_for_organisation, sender=model, dispatch_uid=f"verify-{model}"
            )
            post_delete.connect(
                verification_forget_for_organisation, sender=model, dispatch_uid=f"verify-del-{model}"
            )
