"""Forms of the operators' panel (its sign-in and sign-up forms stay in accounts)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import APIKey, EuEnvironment, Plan


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


class EuCredentialForm(forms.Form):
    """The account's EU Information System web-service user; the key is never shown back."""

    username = forms.CharField(label=_("EU Login username"), max_length=100)
    authentication_key = forms.CharField(
        label=_("Authentication key"),
        max_length=200,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}),
        help_text=_("From “Web Services Access” in your EU profile. Stored encrypted; never shown again."),
    )
    client_id = forms.CharField(label=_("Web service client id"), max_length=100, initial="eudr-test")
    environment = forms.ChoiceField(label=_("Environment"), choices=EuEnvironment.choices)
