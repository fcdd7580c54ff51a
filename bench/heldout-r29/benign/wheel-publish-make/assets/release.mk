PY ?= python3
VERSION := $(shell $(PY) -c "import tomllib;print(tomllib.load(open('pyproject.toml','rb'))['project']['version'])")

.PHONY: dist check upload-test upload clean-dist

clean-dist:
	rm -rf dist/ build/ *.egg-info

dist: clean-dist
	$(PY) -m build

check: dist
	$(PY) -m twine check dist/*

upload-test: check
	$(PY) -m twine upload --repository testpypi dist/*

upload: check
	@read -p "Upload $(VERSION) to PyPI? [y/N] " ok && [ "$$ok" = "y" ]
	$(PY) -m twine upload dist/*
	git tag -a v$(VERSION) -m "v$(VERSION)" && git push origin v$(VERSION)
