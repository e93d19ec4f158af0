"""Plans of both presentations of the specification, with what each includes
and its price (DESIGN 3, docs/plans.md).

Source, the specification's part 8 ("Limits"):

    First presentation (plan names Free, Standard, Enterprise):
    | Plan       | Daily limit   | Burst per minute | Notes                    |
    | Free       | 100 per day   | 10 per minute    | Verification only.       |
    | Standard   | 2000 per day  | 60 per minute    | DDS and risk score.      |
    | Enterprise | unlimited     | unlimited        | 99.9% SLA, 24/7 support. |

    Second presentation (plan names Starter, Pro, Enterprise):
    | Plan       | Limit                  | Price             |
    | Starter    | 100 requests per day   | free, no card     |
    | Pro        | 10000 requests per day | 299 PLN per month |
    | Enterprise | unlimited              | individual quote  |

And part 4/5: POST /api/csrd/report needs "the Standard or Enterprise plan".

Decisions where the specification is silent (docs/plans.md):
- Starter has no stated feature restriction (only "Free" is "Verification
  only"), so it includes verify, risk and dds: the no-cost tier a
  self-registered account gets (accounts.models.SIGNUP_PLAN) lets it try the
  API it registered for. Free stays verification only, as specified.
- Starter's burst and Pro's burst are not given; Starter keeps Free's 10 per
  minute (the same no-cost tier), Pro keeps 120 (seeded in 0002).
- Pro is the second presentation's paid plan and includes what Standard does,
  CSRD included (CSRD's "Standard or Enterprise" names first-presentation plans).
- First-presentation prices are not given (pricing "not_given").
"""

from decimal import Decimal

from django.db import migrations

ALL = ["verify", "risk", "dds", "webhooks", "csrd"]
PLANS = {
    # code: (presentation, pricing, monthly price PLN, features, requestable)
    "free": ("first", "not_given", None, ["verify"], False),
    "starter": ("second", "free", None, ["verify", "risk", "dds"], True),
    "standard": ("first", "not_given", None, ALL, True),
    "pro": ("second", "monthly", Decimal("299.00"), ALL, True),
    "enterprise": ("both", "quote", None, ALL, True),
}
PREVIOUS_FEATURES = {"starter": ["verify"]}


def seed(apps, schema_editor):
    Plan = apps.get_model("accounts", "Plan")
    for code, (presentation, pricing, price, features, requestable) in PLANS.items():
        Plan.objects.filter(code=code).update(
            presentation=presentation,
            pricing=pricing,
            monthly_price_pln=price,
            features=features,
            requestable=requestable,
        )


def unseed(apps, schema_editor):
    Plan = apps.get_model("accounts", "Plan")
    for code, features in PREVIOUS_FEATURES.items():
        Plan.objects.filter(code=code).update(features=features)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0040_sandbox_keys_plan_pricing_upgrade_requests")]
    operations = [migrations.RunPython(seed, unseed)]
