from django.core.management.base import BaseCommand, CommandError

from accounts.models import Plan
from accounts.services import api_key_create, user_get_or_create_with_plan


class Command(BaseCommand):
    help = "Create an API key for an account (created with the plan if it does not exist)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--email", required=True)
        parser.add_argument("--plan", required=True, help="Plan code, e.g. free, standard, enterprise")
        parser.add_argument("--name", default="cli")

    def handle(self, *args, email: str, plan: str, name: str, **options) -> None:
        if not Plan.objects.filter(code=plan).exists():
            codes = ", ".join(Plan.objects.values_list("code", flat=True))
            raise CommandError(f"Unknown plan {plan!r}; one of: {codes}")
        user, created = user_get_or_create_with_plan(email=email, plan_code=plan)
        _, plaintext = api_key_create(user=user, name=name)
        if created:
            self.stderr.write(f"Created account {user.email} on plan {plan}.")
        # The key alone on stdout, so scripts can capture it.
        self.stdout.write(plaintext)
