"""Sign-in, sign-up and password pages (the API's routes live in the apps' own urls,
the panel's in panel/urls.py)."""

from django.urls import include, path

from accounts import views

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", views.login_view, name="login"),
    path("accounts/logout/", views.logout_view, name="logout"),
    path("accounts/password-reset/", views.password_reset, name="password_reset"),
    path("accounts/password-reset/sent/", views.password_reset_done, name="password_reset_done"),
    path("accounts/reset/<uidb64>/<token>/", views.password_reset_confirm, name="password_reset_confirm"),
    path("accounts/reset/done/", views.password_reset_complete, name="password_reset_complete"),
]
