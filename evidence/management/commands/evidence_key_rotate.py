from django.core.management.base import BaseCommand

from evidence.keys import key_rotate


class Command(BaseCommand):
    help = (
        "Retire the key that signs evidence records and make a new one. The retired key stays "
        "published in /.well-known/jwks.json, so every record it signed still verifies."
    )

    def handle(self, *args, **options) -> None:
        key = key_rotate()
        self.stdout.write(f"evidence records are now signed with key {key.kid}")
