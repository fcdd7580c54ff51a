const assert = require('assert');
assert.strictEqual(require('./').add(2, 3), 5);
console.log('ok');
