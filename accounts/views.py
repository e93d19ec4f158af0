"""Sign-up, sign-in, sign-out and password reset for the web panel.

Django's auth views and forms; the POSTs that guess or send something
(sign-in, sign-up, password reset) are limited per client network and, for
sign-in, per account (accounts.limits), answering 429 with the 429.html page
when a client goes over.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters

from accounts.forms import SignInForm, SignupForm
from accounts.limits import auth_posts_per_minute, rate_limited
from accounts.models import FEATURE_LABELS, SIGNUP_PLAN, Plan


def auth_rate_limited(action: str, account_field: str | None = None):
    """Limit the view's POSTs per client network (and per account named in the form)."""
    return rate_limited(action, per_minute=auth_posts_per_minute, account_field=account_field)


@auth_rate_limited("panel-signup")
@sensitive_post_parameters("password1", "password2")
@csrf_protect
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(settings.LOGIN_REDIRECT_URL)
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(settings.LOGIN_REDIRECT_URL)
    # What the page promises is the plan row the account will get, as staff last edited it.
    plan = Plan.objects.filter(code=SIGNUP_PLAN).first()
    features = [str(FEATURE_LABELS[code]) for code in FEATURE_LABELS if plan and plan.has_feature(code)]
    return render(
        request,
        "registration/signup.html",
        {"form": form, "plan": plan, "plan_features": ", ".join(features)},
    )


login_view = auth_rate_limited("panel-login", account_field="username")(
    auth_views.LoginView.as_view(authentication_form=SignInForm, redirect_authenticated_user=True)
)
logout_view = auth_views.LogoutView.as_view()

password_reset = auth_rate_limited("panel-password-reset", account_field="email")(
    auth_views.PasswordResetView.as_view(
        email_template_name="registration/password_reset_email.txt",
        subject_template_name="registration/password_reset_subject.txt",
        # Links in the email come from configuration, never from the Host header.
        extra_email_context={"base_url": settings.PUBLIC_BASE_URL},
        success_url=reverse_lazy("password_reset_done"),
    )
)
password_reset_done = auth_views.PasswordResetDoneView.as_view()
password_reset_confirm = auth_views.PasswordResetConfirmView.as_view(
    success_url=reverse_lazy("password_reset_complete")
)
password_reset_complete = auth_views.PasswordResetCompleteView.as_view()

# Django admin's sign-in: the same limits as the panel's (the admin is a password form too).
admin_login = auth_rate_limited("admin-login", account_field="username")(admin.site.login)
