# sentry.mk - release + source map upload
SENTRY_CLI := npx --yes @sentry/cli@2
DIST ?= dist

.PHONY: sentry-release
sentry-release:
	@test -n "$(VERSION)" || (echo "VERSION=... required" && exit 1)
	@test -n "$$SENTRY_AUTH_TOKEN" || (echo "SENTRY_AUTH_TOKEN not set" && exit 1)
	$(SENTRY_CLI) releases new "$(VERSION)"
	$(SENTRY_CLI) releases set-commits "$(VERSION)" --auto
	$(SENTRY_CLI) sourcemaps inject $(DIST)
	$(SENTRY_CLI) sourcemaps upload --release "$(VERSION)" $(DIST)
	$(SENTRY_CLI) releases finalize "$(VERSION)"
	find $(DIST) -name "*.map" -type f -delete
