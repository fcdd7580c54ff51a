exports.format = (title, status) => ({
  username: 'build-bot',
  embeds: [{ title, description: `Status: **${status}**`, color: status === 'passed' ? 0x2ecc71 : 0xe74c3c,
    timestamp: new Date().toISOString() }],
});
