"""Signing up with a partner needs the partner's consent (搭档确认), and ``@everyone`` is no unit (SimCord): naming a
partner only invites them (a public message pings them; no team is entered, nothing else changes); the team is
entered when the partner names the first player in turn, with the first player's team name and unit; a player
named but never confirming is never entered; a refused entry is refused at the invitation already."""

from __future__ import annotations

from typing import Any

import i18n
from engine.tournament import Status as TStatus
from runtime.tournament.entries import INVITES
from tests.helpers.botflow import bounded, last_reply
from tests.helpers.security import literal


@bounded(120)
async def test_a_partner_confirms_before_being_entered(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    club = guild.create_role("Chess Club")
    alice, bob, carol, dave, erin = (guild.add_member(env.create_user(n), roles=[club])
                                     for n in ("alice", "bob", "carol", "dave", "erin"))
    await alice.slash(channel, "tractor tournament create", name="Cup", format="knockout", end_level="3",
                      unit_limit=2)
    t = env.bot.tournaments.of_guild(guild.id)[-1]

    # @everyone is every member's role, not a unit: refused privately, nothing changes
    reply = last_reply(await alice.slash(channel, "tractor tournament join", partner=bob, unit=guild.default_role))
    assert reply.ephemeral and literal(reply.content) == i18n.t("tournament.unit_everyone", "en"), reply.content
    assert t.teams == [] and not t.meta.get(INVITES)

    # naming bob only invites him: pinged publicly, no team yet
    reply = last_reply(await alice.slash(channel, "tractor tournament join", partner=bob, team_name="Knights",
                                         unit=club))
    assert not reply.ephemeral and bob.mention in reply.content and t.teams == [], env.transcript()
    assert "not entered" in literal(reply.content)
    # bob accepts by naming alice in turn
    reply = last_reply(await bob.slash(channel, "tractor tournament join", partner=alice))
    assert reply.ephemeral and "signed up" in reply.content, env.transcript()
    assert [(x.name, x.players, x.unit) for x in t.teams] == [("Knights", (alice.id, bob.id), club.id)]
    assert not t.meta.get(INVITES)
    # an entry that would be refused is refused at the invitation: bob is in a team already
    reply = last_reply(await carol.slash(channel, "tractor tournament join", partner=bob))
    assert reply.ephemeral and reply.content == i18n.t("tournament.already_in_team", "en")
    assert not t.meta.get(INVITES) and len(t.teams) == 1

    # erin names dave, who never confirms: never entered; dave's own team with carol is his choice
    await erin.slash(channel, "tractor tournament join", partner=dave, unit=club)
    assert len(t.teams) == 1 and t.team_of(dave.id) is None
    await carol.slash(channel, "tractor tournament join", partner=dave, unit=club)
    await dave.slash(channel, "tractor tournament join", partner=carol)
    assert t.team_of(dave.id) is not None and t.team_of(dave.id).players == (carol.id, dave.id)  # type: ignore[union-attr]
    assert t.team_of(erin.id) is None
    await alice.slash(channel, "tractor tournament start")
    assert t.status is TStatus.RUNNING and len(t.teams) == 2
