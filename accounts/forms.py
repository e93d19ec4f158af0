"""Forms of the web panel: sign-up, API keys, webhooks."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import AuthenticationForm, BaseUserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import SIGNUP_PLAN, User


class SignupForm(BaseUserCreationForm):
    """Email and password; the account starts on SIGNUP_PLAN (Starter, docs/plans.md)."""

    class Meta:
        model = User
        fields = ("email", "organisation")
        labels = {"email": _("Email address"), "organisation": _("Organisation (optional)")}

    def save(self, commit: bool = True) -> User:
        user = super().save(commit=False)
        user.plan_id = SIGNUP_PLAN
        if commit:
            user.save()
        return user

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
