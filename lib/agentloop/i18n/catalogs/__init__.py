"""One catalog a translated language: `<code>.py` holds MESSAGES (see agentloop.i18n.catalog)."""
