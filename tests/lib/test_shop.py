"""Chapter 3's shop: the seed's orders, four tool definitions, errors as results, no money."""

from __future__ import annotations

import pytest

from agentloop.messages import tool_use_block
from agentloop.shop import EXAMPLE_TASKS, ORDERS, TOOLS, Shop, validate_orders


def run(shop, name, **tool_input):
    return shop.run_tool(tool_use_block("call_7", name, tool_input))


def test_the_seed_orders():
    assert ORDERS == {"1187": {"status": "delivered", "date": "26.10"},
                      "1042": {"status": "shipped", "date": "03.11"}}


def test_tools_look_like_provider_tool_definitions():
    assert [t["name"] for t in TOOLS] == ["get_order_status", "estimate_delivery",
                                          "open_return_request", "hand_to_human"]
    for tool in TOOLS:
        assert set(tool) == {"name", "description", "input_schema"}
        schema = tool["input_schema"]
        assert schema["type"] == "object" and schema["required"] == list(schema["properties"])
    assert TOOLS[3]["input_schema"]["required"] == ["reason"]


@pytest.mark.parametrize(
    ("name", "order_id", "content", "is_error"),
    [
        ("get_order_status", "1187", "1187 — delivered, delivery date 26.10", False),
        ("get_order_status", "1042", "1042 — shipped, delivery date 03.11", False),
        ("estimate_delivery", "1042", "1042 — expected delivery 03.11, no new scan", False),
        ("estimate_delivery", "1187", "1187 — already delivered", False),
        ("open_return_request", "1042", "1042 is not delivered yet", True),
        ("get_order_status", "9999", "no order 9999", True),
        ("refund_money", "1187", "no tool named refund_money", True),
    ],
)
def test_tool_results(name, order_id, content, is_error):
    result = run(Shop(), name, order_id=order_id)
    assert result == {"type": "tool_result", "tool_use_id": "call_7", "content": content,
                      "is_error": is_error}


def test_a_return_request_only_waits_for_an_employee():
    shop = Shop()
    assert run(shop, "open_return_request", order_id="1187")["content"] == \
        "R-1 for 1187 — waiting for an employee's approval"
    assert run(shop, "open_return_request", order_id="1187")["content"].startswith("R-2 for 1187")
    assert shop.requests == [{"id": "R-1", "order_id": "1187"}, {"id": "R-2", "order_id": "1187"}]
    assert Shop().requests == []  # every shop (every run) starts with no requests


def test_hand_to_human_and_missing_input_are_error_results_not_crashes():
    shop = Shop()
    assert run(shop, "hand_to_human", reason="money")["is_error"] is True
    assert run(shop, "get_order_status")["content"] == "no order_id given"
    assert shop.run_tool({"type": "tool_use"})["is_error"] is True


def test_other_orders_can_be_given():
    shop = Shop({"5555": {"status": "shipped", "date": "01.12"}})
    assert run(shop, "estimate_delivery", order_id="5555")["content"] == \
        "5555 — expected delivery 01.12, no new scan"
    assert run(shop, "get_order_status", order_id="1187")["is_error"]


@pytest.mark.parametrize(
    ("orders", "message"),
    [
        ([1, 2], "orders must be a dict"),
        ({5: {"status": "shipped", "date": "1"}}, "an order number must be a non-empty str"),
        ({"5": {"status": "lost", "date": "1"}}, "order 5: needs a status"),
        ({"5": {"status": "shipped"}}, "order 5: needs a status"),
    ],
)
def test_bad_orders_are_refused(orders, message):
    with pytest.raises(ValueError, match=message):
        validate_orders(orders)


def test_the_four_example_tasks_are_the_seed_tasks():
    assert list(EXAMPLE_TASKS.values()) == [
        "The headphones from order 1187 are broken. I want to return them.",
        "When does 1042 arrive? The courier said it is today.",
        "I want 20 EUR compensation because 1042 is late.",
        "I want to return order 1042.",
    ]
