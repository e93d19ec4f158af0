"""Forms of the web panel: sign-up, API keys, webhooks."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import AuthenticationForm, BaseUserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import APIKey, User


class SignupForm(BaseUserCreationForm):
    """Email and password; the account starts on the model's default plan (free)."""

    class Meta:
        model = User
        fields = ("email", "organisation")
        labels = {"email": _("Email address"), "organisation": _("Organisation (optional)")}

    def clean_email(self) -> str:
        email = User.objects.normalize_email(self.cleaned_data["email"]).lower()
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this email address already exists."))
        return email


class SignInForm(AuthenticationForm):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].label = _("Email address")
        self.fields["username"].widget.attrs["autocomplete"] = "email"


class APIKeyCreateForm(forms.Form):
    name = forms.CharField(
        label=_("Key name"),
        max_length=APIKey._meta.get_field("name").max_length,
        help_text=_("For you to recognise it, e.g. the system that uses it."),
    )

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
