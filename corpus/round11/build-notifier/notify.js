const { format } = require('./lib/format');
const { deliver } = require('./lib/deliver');

const argv = require('node:util').parseArgs({ options: {
  status: { type: 'string', default: 'passed' }, title: { type: 'string', default: 'build' } } }).values;

deliver(process.env.NOTIFY_WEBHOOK_URL, format(argv.title, argv.status))
  .then(() => console.log('notified'))
  .catch((e) => { console.error('failed', e.message); process.exit(1); });
