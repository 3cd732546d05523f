"""The widgets' package (agentloop.widgets): every name it lists is its chapter's widget, loaded
when it is named, and a name it does not have is explained."""

from __future__ import annotations

import importlib


def test_unknown_widget_names_are_explained():
    import agentloop.widgets

    try:
        agentloop.widgets.nope  # noqa: B018
    except AttributeError as error:
        assert "has no attribute 'nope'" in str(error)
    else:
        raise AssertionError("expected AttributeError")


def test_each_widget_is_loaded_from_its_chapters_module_when_named():
    import agentloop.widgets as widgets

    for name in widgets.__all__:
        where = widgets._WHERE[name]
        assert getattr(widgets, name) is getattr(importlib.import_module(where), name), name
