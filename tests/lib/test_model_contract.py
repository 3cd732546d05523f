"""Every model of the course keeps chapter 3's one contract, `Model.create`."""

from __future__ import annotations

import inspect

import pytest

from agentloop.agent import ANSWERED, run_agent
from agentloop.duty.planner import DutyModel
from agentloop.duty.trace import RecordedModel
from agentloop.live import LiveModel
from agentloop.messages import END_TURN, reply, text_block
from agentloop.model_contract import Model
from agentloop.models import ScriptedModel, SupportModel
from agentloop.openai_compatible import OpenAICompatibleModel

MODEL_CLASSES = (SupportModel, ScriptedModel, DutyModel, RecordedModel, LiveModel,
                 OpenAICompatibleModel)


@pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda c: c.__name__)
def test_each_model_names_the_contract_and_keeps_its_signature(cls):
    assert issubclass(cls, Model)
    assert list(inspect.signature(cls.create).parameters) == ["self", "system", "messages",
                                                                "tools"]


def test_a_class_of_ones_own_with_create_is_a_model_too():
    class Echo:
        def create(self, system, messages, tools):
            return reply([text_block("hello")], END_TURN)

    class NoCreate:
        pass

    assert isinstance(Echo(), Model) and not isinstance(NoCreate(), Model)
    transcript = run_agent(Echo(), "Hello?")
    assert (transcript.exit, transcript.answer) == (ANSWERED, "hello")


def test_the_scripted_models_answer_the_loop_as_models():
    assert isinstance(SupportModel(), Model)
    transcript = run_agent(SupportModel(), "I want to return order 1187.")
    again = run_agent(ScriptedModel(transcript.replies), "I want to return order 1187.")
    assert again.lines() == transcript.lines() and again.exit == ANSWERED
