from setuptools import setup

setup(name="torch_profile_magic", version="0.3.0", py_modules=["torch_profile_magic"])
