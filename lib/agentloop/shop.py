"""Chapter 3's world: an online shop's orders and the support agent's four tools.

The program, not the model, runs a tool: `Shop.run_tool` takes the model's tool_use
block and returns a tool_result block. Nothing here moves money: a return request only
waits for an employee. `hand_to_human` is listed for the model but never run — asking
for it is a way out of the loop, handled by the loop itself.
"""

from __future__ import annotations

from typing import Any

from agentloop.messages import Block, tool_result_block

GET_ORDER_STATUS = "get_order_status"
ESTIMATE_DELIVERY = "estimate_delivery"
OPEN_RETURN_REQUEST = "open_return_request"
HAND_TO_HUMAN = "hand_to_human"

DELIVERED = "delivered"
SHIPPED = "shipped"
STATUSES = (DELIVERED, SHIPPED)

ORDERS: dict[str, dict[str, str]] = {
    "1187": {"status": DELIVERED, "date": "26.10"},
    "1042": {"status": SHIPPED, "date": "03.11"},
}


def _schema(field: str) -> dict[str, Any]:
    return {"type": "object", "properties": {field: {"type": "string"}}, "required": [field]}


# The descriptions are written for the model: it picks a tool by reading them.
TOOLS: list[dict[str, Any]] = [
    {"name": GET_ORDER_STATUS,
     "description": "The status and date of an order, by its number.",
     "input_schema": _schema("order_id")},
    {"name": ESTIMATE_DELIVERY,
     "description": "The delivery date the courier expects for an order.",
     "input_schema": _schema("order_id")},
    {"name": OPEN_RETURN_REQUEST,
     "description": "Opens a return request for a delivered order. An employee approves it.",
     "input_schema": _schema("order_id")},
    {"name": HAND_TO_HUMAN,
     "description": "Hands the conversation to an employee, with the reason.",
     "input_schema": _schema("reason")},
]
TOOL_NAMES = tuple(tool["name"] for tool in TOOLS)

# What customers wrote in the chapter's four conversations.
EXAMPLE_TASKS = {
    "return 1187": "The headphones from order 1187 are broken. I want to return them.",
    "courier 1042": "When does 1042 arrive? The courier said it is today.",
    "compensation 1042": "I want 20 EUR compensation because 1042 is late.",
    "return 1042": "I want to return order 1042.",
}


class Shop:
    """The shop's data for one run: its orders and the return requests opened so far."""

    def __init__(self, orders: dict[str, dict[str, str]] | None = None) -> None:
        self.orders = validate_orders(ORDERS if orders is None else orders)
        self.requests: list[dict[str, str]] = []

    def run_tool(self, use: Block) -> Block:
        """Run the tool a tool_use block asks for; every problem becomes an error result."""
        name, tool_input = use.get("name"), use.get("input") or {}
        if name not in TOOL_NAMES:
            return self._error(use, f"no tool named {name}")
        if name == HAND_TO_HUMAN:
            return self._error(use, "hand_to_human is not run: it ends the conversation")
        order_id = str(tool_input.get("order_id", ""))
        order = self.orders.get(order_id)
        if order is None:
            return self._error(use, f"no order {order_id}" if order_id else "no order_id given")
        delivered = order["status"] == DELIVERED
        if name == GET_ORDER_STATUS:
            text = f"{order_id} — {order['status']}, delivery date {order['date']}"
        elif name == ESTIMATE_DELIVERY:
            text = (f"{order_id} — already delivered" if delivered
                    else f"{order_id} — expected delivery {order['date']}, no new scan")
        else:  # open_return_request
            if not delivered:
                return self._error(use, f"{order_id} is not delivered yet")
            request = {"id": f"R-{len(self.requests) + 1}", "order_id": order_id}
            self.requests.append(request)
            text = f"{request['id']} for {order_id} — waiting for an employee's approval"
        return tool_result_block(use.get("id", ""), text)

    @staticmethod
    def _error(use: Block, text: str) -> Block:
        return tool_result_block(use.get("id", ""), text, is_error=True)


def validate_orders(orders: Any) -> dict[str, dict[str, str]]:
    """Return a copy of `orders` if every order has a known status and a date, else ValueError."""
    if not isinstance(orders, dict):
        raise ValueError(f"orders must be a dict of order number → order, got {orders!r}")
    copied = {}
    for order_id, order in orders.items():
        if not isinstance(order_id, str) or not order_id:
            raise ValueError(f"an order number must be a non-empty str, got {order_id!r}")
        if not isinstance(order, dict) or order.get("status") not in STATUSES \
                or not isinstance(order.get("date"), str):
            raise ValueError(f"order {order_id}: needs a status ({' or '.join(STATUSES)}) "
                             f"and a date, got {order!r}")
        copied[order_id] = {"status": order["status"], "date": order["date"]}
    return copied
