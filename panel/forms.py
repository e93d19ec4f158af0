"""Forms of the operators' panel (its sign-in and sign-up forms stay in accounts)."""

from __future__ import annotations

import re
from decimal import Decimal

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import APIKey, EuEnvironment, Plan, eu_credential_text
from compliance.models import PartnerKind
from eudr_service.lib.fields import plain_multiline_text, plain_text
from regulation.roles import ROLE_TITLES
from risk.engine import InvalidParcelId, parse_parcel_id


class APIKeyCreateForm(forms.Form):
    name = forms.CharField(
        label=_("Key name"),
        max_length=APIKey._meta.get_field("name").max_length,
        help_text=_("For you to recognise it, e.g. the system that uses it."),
    )

    mode = forms.ChoiceField(
        label=_("Mode"),
        choices=[("live", _("Live (eudr_live_)")), ("test", _("Test, sandbox (eudr_test_)"))],
        initial="live",
        required=False,  # live unless asked
        widget=forms.RadioSelect,
        help_text=_("A test key sees only test data and never publishes anything."),
    )

    def clean_mode(self) -> str:
        return self.cleaned_data.get("mode") or "live"

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError(_("Enter a name."))
        return name


class WebhookCreateForm(forms.Form):
    # Checked by webhooks.services (https, public address), exactly as the API checks it.
    url = forms.CharField(
        label=_("Receiver URL"),
        max_length=2048,
        widget=forms.URLInput(attrs={"placeholder": "https://"}),
        help_text=_("HTTPS address of your receiver; it must resolve to a public address."),
    )
    events = forms.MultipleChoiceField(label=_("Events"), widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, event_types: dict[str, str], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["events"].choices = [(name, name) for name in event_types]


class UpgradeRequestForm(forms.Form):
    requested_plan = forms.ModelChoiceField(
        label=_("Requested plan"), queryset=Plan.objects.none(), to_field_name="code", empty_label=None
    )
    message = forms.CharField(
        label=_("Message (optional)"),
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("For example the volume you expect or the invoice details."),
    )

    def __init__(self, *args, current_plan: str, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["requested_plan"].queryset = Plan.objects.filter(requestable=True).exclude(
            code=current_plan
        )


# The EU system's environments in the reader's language (the model's labels are the API's).
ENVIRONMENT_LABELS = {
    EuEnvironment.ACCEPTANCE.value: _("acceptance (testing)"),
    EuEnvironment.PRODUCTION.value: _("production"),
}


class EuCredentialForm(forms.Form):
    """The account's EU Information System web-service user; the key is never shown back."""

    username = forms.CharField(label=_("EU Login username"), max_length=100, validators=[eu_credential_text])
    authentication_key = forms.CharField(
        label=_("Authentication key"),
        max_length=200,
        validators=[eu_credential_text],
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}),
        help_text=_("From “Web Services Access” in your EU profile. Stored encrypted; never shown again."),
    )
    client_id = forms.CharField(
        label=_("Web service client id"), max_length=100, initial="eudr-test", validators=[eu_credential_text]
    )
    environment = forms.ChoiceField(label=_("Environment"), choices=lambda: list(ENVIRONMENT_LABELS.items()))


# A farmer's declaration in the panel: parcels are checked one by one against ULDK on
# "Check parcels", so the panel keeps to a farm's size; more go through the API.
PANEL_MAX_PARCELS = 50
_PARCEL_SEPARATORS = re.compile(r"[\s,;]+")
# "Wola 12, 05-300 Mińsk Mazowiecki" or "05-300 Mińsk Mazowiecki": the Polish postal code
# (NN-NNN) splits the street from the town.
_POSTAL_ADDRESS = re.compile(r"^(?:(?P<street>.+?)\s*,\s*)?(?P<postal_code>\d{2}-\d{3})\s+(?P<city>\S.*)$")
_DIGIT_GROUPING = re.compile(r"[\s\u00a0\u202f']")
COMMODITY_LABELS = {
    "cattle": _("cattle"),
    "cocoa": _("cocoa"),
    "coffee": _("coffee"),
    "oil_palm": _("oil palm"),
    "rubber": _("rubber"),
    "soya": _("soya"),
    "wood": _("wood"),
}
SIZE_CHOICES = [
    ("natural_person", _("a farmer (natural person)")),
    ("micro", _("a micro undertaking")),
    ("small", _("a small undertaking")),
]
ACTIVITY_CHOICES = [
    ("domestic", _("I place them on the market in the EU")),
    ("export", _("I export them")),
]
_TICK = _("Tick this box: a declaration cannot be filed without it.")


class WrittenDecimalField(forms.DecimalField):
    """A number as people write it in Poland too: "18 000,5" as well as "18000.5"."""

    def to_python(self, value):
        if isinstance(value, str):
            value = _DIGIT_GROUPING.sub("", value).replace(",", ".")
        return super().to_python(value)


class SimplifiedDeclarationForm(forms.Form):
    """A micro or small primary operator's simplified declaration from Polish parcel numbers.

    What the form cannot know (eligibility, Annex I, NIP checksum) is checked by the API's
    own serializer when filed (panel.declarations); its refusals come back as field errors.
    """

    operator_name = forms.CharField(label=_("Your name or the farm's name"), max_length=200)
    operator_size = forms.ChoiceField(
        label=_("You are"), choices=SIZE_CHOICES, initial="natural_person", widget=forms.RadioSelect
    )
    nip = forms.CharField(
        label=_("NIP"),
        max_length=20,
        required=False,
        help_text=_("Required for an undertaking; a farmer filing as a natural person may leave it empty."),
    )
    address = forms.CharField(
        label=_("Your address"),
        max_length=300,
        help_text=_("Street and number, postal code and town, e.g. Wola 12, 05-300 Mińsk Mazowiecki."),
    )
    activity = forms.ChoiceField(
        label=_("What you do with the products"),
        choices=ACTIVITY_CHOICES,
        initial="domestic",
        widget=forms.RadioSelect,
    )
    commodity = forms.ChoiceField(label=_("Commodity"), choices=list(COMMODITY_LABELS.items()))
    hs_heading = forms.RegexField(
        label=_("HS code"),
        regex=r"^\d{4}(\d{2}){0,2}$",
        max_length=8,
        error_messages={"invalid": _("An HS code has 4, 6 or 8 digits, e.g. 1201.")},
        help_text=_("4, 6 or 8 digits: e.g. 1201 soya beans, 0102 live cattle, 4403 wood in the rough."),
    )
    description = forms.CharField(label=_("Description of the products"), max_length=300)
    net_mass_kg = WrittenDecimalField(
        label=_("Net mass (kg)"),
        max_digits=14,
        decimal_places=3,
        min_value=Decimal("0.001"),
        widget=forms.TextInput(attrs={"inputmode": "decimal"}),
    )
    percentage_estimation_or_deviation = WrittenDecimalField(
        label=_("How exact is the mass (± %)"),
        max_digits=5,
        decimal_places=3,
        min_value=Decimal(0),
        max_value=Decimal(25),
        required=False,
        widget=forms.TextInput(attrs={"inputmode": "decimal"}),
        help_text=_(
            "By how many percent the mass may differ from what you deliver, 0 to 25 (0 when weighed). "
            "The EU asks for it unless you export."
        ),
    )
    parcel_ids = forms.CharField(
        label=_("Parcel numbers"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false", "autocomplete": "off"}),
        help_text=_(
            "One per line, as in the land register (e.g. 140602_2.0052.118); "
            "“Check parcels” finds them in ULDK and draws them on the map."
        ),
    )
    # Article 4a lets a simplified declaration name the land by its postal address.
    land_addresses = forms.CharField(
        label=_("Or postal addresses of the land"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2, "autocomplete": "off"}),
        help_text=_(
            "One per line: street and number (if any), postal code and town, "
            "e.g. Wola 12, 05-300 Mińsk Mazowiecki. They are not drawn on the map."
        ),
    )
    geolocation_confidential = forms.BooleanField(
        label=_("Keep the location of my parcels confidential"),
        required=False,
        help_text=_(
            "The EU will not pass it down the supply chain, and the public status page will show no map."
        ),
    )
    legality = forms.BooleanField(
        label=_("The products were produced in accordance with the law of the country of production."),
        error_messages={"required": _TICK},
    )
    annex_iii_declaration = forms.BooleanField(
        label=_("I make the confirmation of a simplified declaration quoted above (Annex III point 4)."),
        error_messages={"required": _TICK},
    )
    signatory_name = forms.CharField(label=_("Signed by (name)"), max_length=200)
    signatory_function = forms.CharField(label=_("Function"), max_length=200, initial=_("farmer"))

    def clean_parcel_ids(self) -> list[str]:

        written = [t for t in _PARCEL_SEPARATORS.split(self.cleaned_data["parcel_ids"]) if t]
        if len(written) > PANEL_MAX_PARCELS:
            raise forms.ValidationError(
                _("At most %(max)d parcels here; file a larger declaration through the API."),
                params={"max": PANEL_MAX_PARCELS},
            )
        parsed, errors = [], []
        for text in written:
            try:
                parsed.append(parse_parcel_id(text).id)
            except InvalidParcelId:
                errors.append(
                    forms.ValidationError(
                        _(
                            "“%(value)s” is not a parcel number. Write it as in the land register: "
                            "commune code, type, precinct and number, e.g. 140602_2.0052.118."
                        ),
                        params={"value": text[:60]},
                    )
                )
        if errors:
            raise forms.ValidationError(errors)
        return list(dict.fromkeys(parsed))

    def clean_land_addresses(self) -> list[dict[str, str]]:
        lines = [line.strip() for line in self.cleaned_data["land_addresses"].splitlines() if line.strip()]
        addresses, errors = [], []
        for line in lines:
            match = _POSTAL_ADDRESS.match(line)
            if match is None:
                errors.append(
                    forms.ValidationError(
                        _(
                            "“%(value)s” is not an address we can read: write the street and number, "
                            "the postal code and the town, e.g. Wola 12, 05-300 Mińsk Mazowiecki."
                        ),
                        params={"value": line[:60]},
                    )
                )
                continue
            addresses.append(
                {"street": match["street"] or "", "postal_code": match["postal_code"], "city": match["city"]}
            )
        if errors:
            raise forms.ValidationError(errors)
        return addresses

    def clean(self) -> dict:
        data = super().clean()
        parcels, addresses = data.get("parcel_ids"), data.get("land_addresses")
        if parcels is None or addresses is None:
            return data  # a field's own error says what is wrong
        if not parcels and not addresses:
            self.add_error("parcel_ids", _("Enter at least one parcel number or postal address."))
        elif len(parcels) + len(addresses) > PANEL_MAX_PARCELS:
            self.add_error(
                "land_addresses",
                _("At most %(max)d parcels here; file a larger declaration through the API.")
                % {"max": PANEL_MAX_PARCELS},
            )
        return data

    def only_parcel_errors(self) -> None:
        """Keep the errors of the parcel field alone: "Check parcels" may be pressed before
        the rest of the form is filled in, and must not scold the farmer for it."""
        self.is_valid()
        for name in list(self.errors):
            if name != "parcel_ids":
                del self.errors[name]


class OrganisationRolesForm(forms.Form):
    roles = forms.MultipleChoiceField(
        label=_("Your roles"),
        choices=[(str(role), title) for role, title in ROLE_TITLES.items()],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Tick every role your organisation has in some supply chain."),
    )
    is_sme = forms.ChoiceField(
        label=_("Small or medium-sized enterprise (SME)"),
        choices=[("", _("Not said")), ("yes", _("Yes")), ("no", _("No"))],
        required=False,
        help_text=_(
            "Registration and acting on substantiated concerns (Article 5(2), 5(6)) are for non-SMEs."
        ),
    )

    established_small_on = forms.DateField(
        label=_("Established as a micro or small undertaking on"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_(
            "For a natural person: the day you began to act in your own name (entry in the producers' "
            "register or start of the registered business, whichever came first). The later date of "
            "application is for those established as such by 31 December 2024 (Article 38(3))."
        ),
    )

    def clean_is_sme(self) -> bool | None:
        return {"yes": True, "no": False}.get(self.cleaned_data.get("is_sme") or "")


class TradingPartnerForm(forms.Form):
    """No reference number: a later downstream operator or trader has none to give."""

    kind = forms.ChoiceField(label=_("Supplier or customer"), choices=PartnerKind.choices)
    consignment_reference = forms.CharField(
        label=_("Consignment"),
        max_length=100,
        help_text=_("Invoice, delivery note or batch number."),
        validators=[plain_text],
    )
    consignment_date = forms.DateField(
        label=_("Consignment date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    name = forms.CharField(label=_("Name"), max_length=200, validators=[plain_text])
    trade_name = forms.CharField(
        label=_("Registered trade name or mark"), max_length=200, required=False, validators=[plain_text]
    )
    postal_address = forms.CharField(label=_("Postal address"), max_length=300, validators=[plain_text])
    email = forms.EmailField(label=_("E-mail address"), max_length=254, validators=[plain_text])
    website = forms.URLField(
        label=_("Web address"), max_length=200, required=False, assume_scheme="https", validators=[plain_text]
    )

    def clean_consignment_date(self):
        value = self.cleaned_data["consignment_date"]
        if value > timezone.localdate():
            raise forms.ValidationError(_("The consignment date cannot be in the future."))
        return value


class SubstantiatedConcernForm(forms.Form):
    received_on = forms.DateField(label=_("Received on"), widget=forms.DateInput(attrs={"type": "date"}))
    product = forms.CharField(label=_("Product or consignment"), max_length=200, validators=[plain_text])
    raised_by = forms.CharField(label=_("Raised by"), max_length=300, required=False, validators=[plain_text])
    concern = forms.CharField(
        label=_("The concern"),
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 3}),
        validators=[plain_multiline_text],
    )
    action_taken = forms.CharField(
        label=_("What you did"),
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 3}),
        validators=[plain_multiline_text],
    )
    placing_withheld = forms.BooleanField(
        label=_("Placing, making available or export withheld"), required=False
    )
    authority_informed = forms.BooleanField(label=_("Competent authority informed"), required=False)

    def clean_received_on(self):
        value = self.cleaned_data["received_on"]
        if value > timezone.localdate():
            raise forms.ValidationError(_("A concern cannot be received in the future."))
        return value


class RosterUploadForm(forms.Form):
    """A buyer's supplier roster (suppliers.services.roster_import checks every row)."""

    file = forms.FileField(
        label=_("Roster file (CSV or XLSX)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.xlsx,text/csv"}),
        help_text=_(
            "One row per supplier, headers in Polish or English. A file with any invalid row is "
            "refused whole; uploading again updates suppliers by their producer number."
        ),
    )


class SupplierFilterForm(forms.Form):
    commodity = forms.ChoiceField(label=_("Commodity"), required=False)
    mandate = forms.ChoiceField(label=_("Mandate"), required=False)

    def __init__(self, *args, commodities: list[tuple[str, str]], mandates: list[tuple[str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["commodity"].choices = [("", _("all")), *commodities]
        self.fields["mandate"].choices = [("", _("all")), *mandates]


BULK_ACTIVITY_CHOICES = [
    ("domestic", _("placed on the market in the EU")),
    ("export", _("exported")),
]
# What the declarations call the goods unless the buyer says otherwise: the suppliers are
# Polish, so are the descriptions (the declaration's own text, not the page's).
GOODS_DEFAULTS = {
    "soya": ("Soja ziarno", "1201"),
    "cattle": ("Bydło żywe", "0102"),
    "wood": ("Drewno okrągłe", "4403"),
}


class BulkFilingForm(forms.Form):
    """Start filing for every supplier with a mandate in force; the goods of each commodity
    among them. Checked again by the API's own serializer (panel.suppliers)."""

    activity = forms.ChoiceField(
        label=_("What the suppliers do with the goods"),
        choices=BULK_ACTIVITY_CHOICES,
        initial="domestic",
        widget=forms.RadioSelect,
    )
    signatory_name = forms.CharField(label=_("Signed by (name)"), max_length=200, validators=[plain_text])
    signatory_function = forms.CharField(label=_("Function"), max_length=200, validators=[plain_text])
    estimate_percentage = WrittenDecimalField(
        label=_("How exact are the yearly quantities in kg (± %)"),
        max_digits=5,
        decimal_places=3,
        min_value=Decimal(0),
        max_value=Decimal(25),
        initial=Decimal(10),
        required=False,
        widget=forms.TextInput(attrs={"inputmode": "decimal"}),
        help_text=_(
            "By how many percent, 0 to 25, the roster's quantities in kg are estimates. Quantities in "
            "head, m³ or another unit are filed as the roster gives them, in their own unit."
        ),
    )
    attest = forms.BooleanField(
        label=_(
            "As the suppliers' authorised representative, I confirm for each of them the legality of "
            "the goods and the confirmation of a simplified declaration (Annex III point 4)."
        ),
        error_messages={"required": _TICK},
    )

    def __init__(self, *args, commodities: list[str], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.commodities = commodities
        for code in commodities:
            description, heading = GOODS_DEFAULTS.get(code, ("", ""))
            self.fields[f"goods_{code}_description"] = forms.CharField(
                label=_("Description of the goods"),
                max_length=300,
                initial=description,
                validators=[plain_text],
            )
            self.fields[f"goods_{code}_hs_heading"] = forms.RegexField(
                label=_("HS code"),
                regex=r"^\d{4}(\d{2}){0,2}$",
                max_length=8,
                initial=heading,
                error_messages={"invalid": _("An HS code has 4, 6 or 8 digits, e.g. 1201.")},
            )

    def goods_fields(self) -> list[tuple[str, forms.BoundField, forms.BoundField]]:
        """(commodity code, description field, HS code field) per commodity, for the template."""
        return [
            (code, self[f"goods_{code}_description"], self[f"goods_{code}_hs_heading"])
            for code in self.commodities
        ]

    def body(self) -> dict:
        """The API's body (POST /api/eudr/v1/supplier-filings) from the cleaned form."""
        data = self.cleaned_data
        return {
            "activity": data["activity"],
            "signatory_name": data["signatory_name"],
            "signatory_function": data["signatory_function"],
            "estimate_percentage": str(
                Decimal(10) if data.get("estimate_percentage") is None else data["estimate_percentage"]
            ),
            "goods": {
                code: {
                    "description": data[f"goods_{code}_description"],
                    "hs_heading": data[f"goods_{code}_hs_heading"],
                }
                for code in self.commodities
            },
        }


class AnnualReportOpenForm(forms.Form):
    year = forms.IntegerField(label=_("Year"), min_value=2023)

    def clean_year(self) -> int:
        year = self.cleaned_data["year"]
        if year > timezone.now().year:
            raise forms.ValidationError(_("A report covers a year that has begun."))
        return year


class AnnualReportTextsForm(forms.Form):
    system_description = forms.CharField(
        label=_("The due diligence system, in your words"),
        max_length=20000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_(
            "How you collect information, assess and mitigate risk (Articles 9 to 11); who is responsible."
        ),
    )
    steps_taken = forms.CharField(
        label=_("Steps taken to fulfil Article 8, in your words"),
        max_length=20000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_(
            "What you did this year beyond what the figures show: audits, supplier training, changes."
        ),
    )


class SystemReviewForm(forms.Form):
    reviewed_on = forms.DateField(label=_("Reviewed on"), widget=forms.DateInput(attrs={"type": "date"}))
    reviewer = forms.CharField(label=_("Reviewed by (name, function)"), max_length=200)
    summary = forms.CharField(
        label=_("What was reviewed and what changed"),
        max_length=20000,
        widget=forms.Textarea(attrs={"rows": 4}),
    )

    def clean_reviewed_on(self):
        value = self.cleaned_data["reviewed_on"]
        if value > timezone.localdate():
            raise forms.ValidationError(_("A review cannot be recorded before it happened."))
        return value
