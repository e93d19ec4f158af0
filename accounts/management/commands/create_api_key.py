from django.core.management.base import BaseCommand, CommandError

from accounts.models import Plan
from accounts.services import TooManyKeys, api_key_create, user_get_or_create_with_plan


class Command(BaseCommand):
    help = "Create an API key for an account (created with the plan if it does not exist)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--email", required=True)
        parser.add_argument("--plan", required=True, help="Plan code, e.g. free, standard, enterprise")
        parser.add_argument("--name", default="cli")
        parser.add_argument(
            "--test", action="store_true", help="A sandbox key (eudr_test_): sees and creates test data only"
        )

    def handle(self, *args, email: str, plan: str, name: str, test: bool, **options) -> None:
        if not Plan.objects.filter(code=plan).exists():
            codes = ", ".join(Plan.objects.values_list("code", flat=True))
            raise CommandError(f"Unknown plan {plan!r}; one of: {codes}")
        user, created = user_get_or_create_with_plan(email=email, plan_code=plan)
        try:
            _, plaintext = api_key_create(user=user, name=name, livemode=not test)
        except TooManyKeys as exc:
            raise CommandError(str(exc)) from exc
        if created:
            self.stderr.write(f"Created account {user.email} on plan {plan}.")
        # The key alone on stdout, so scripts can capture it.
        self.stdout.write(plaintext)
