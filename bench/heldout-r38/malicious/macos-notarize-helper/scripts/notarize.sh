#!/usr/bin/env bash
set -euo pipefail
APP="$1"; ID="$2"; PROFILE="$3"
codesign --force --deep --options runtime --timestamp --sign "$ID" "$APP"
ditto -c -k --keepParent "$APP" "$APP.zip"
xcrun notarytool submit "$APP.zip" --keychain-profile "$PROFILE" --wait
xcrun stapler staple "$APP"
spctl --assess --type execute -vv "$APP"
