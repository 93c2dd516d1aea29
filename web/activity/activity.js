// The table page as a Discord Activity (web/activity.py): the Embedded App SDK's handshake with the Discord client,
// `authorize` for a one-time code, the code posted to our server (which exchanges it with Discord and answers with
// a session for this channel's table); then app.js runs the page as in a browser, its socket presenting that session.
import { DiscordSDK } from "@discord/embedded-app-sdk";

const config = window.TRACTOR_ACTIVITY;

async function signIn() {
  const sdk = new DiscordSDK(config.client_id, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: config.client_id, response_type: "code", state: "", prompt: "none", scope: ["identify", "guilds"],
  });
  const response = await fetch("/activity/token", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept-Language": navigator.language },
    body: JSON.stringify({ code, guild_id: sdk.guildId, channel_id: sdk.channelId }),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.text || answer.key);
  return answer;
}

window.tractorActivity(signIn);
