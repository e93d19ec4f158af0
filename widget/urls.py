from django.urls import path

from widget import views

urlpatterns = [
    path("api/widget", views.WidgetScriptView.as_view(), name="widget-script"),
    path("widget.js", views.widget_js, name="widget-js"),
    path("widget/demo", views.demo_page, name="widget-demo"),
]
