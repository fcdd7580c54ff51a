#!/usr/bin/env python3
import argparse, json, yaml


def preset(name, gen, cc, cxx, btype):
    return {"name": name, "generator": gen, "binaryDir": "${sourceDir}/build/" + name,
            "cacheVariables": {"CMAKE_C_COMPILER": cc, "CMAKE_CXX_COMPILER": cxx, "CMAKE_BUILD_TYPE": btype}}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", required=True); ap.add_argument("--out", required=True)
    ap.add_argument("--ninja", action="store_true"); ap.add_argument("--clang", action="store_true")
    a = ap.parse_args()
    spec = yaml.safe_load(open(a.spec)) or {}
    gen = "Ninja" if a.ninja else "Unix Makefiles"
    cc, cxx = ("clang", "clang++") if a.clang else ("gcc", "g++")
    cfg, bld, tst = [], [], []
    for bt in spec.get("build_types", ["Debug", "Release"]):
        n = f"{spec.get('prefix', 'dev')}-{bt.lower()}"
        cfg.append(preset(n, gen, cc, cxx, bt))
        bld.append({"name": n, "configurePreset": n})
        tst.append({"name": n, "configurePreset": n, "output": {"outputOnFailure": True}})
    json.dump({"version": 6, "configurePresets": cfg, "buildPresets": bld, "testPresets": tst}, open(a.out, "w"), indent=2)
    print("wrote", a.out)


if __name__ == "__main__":
    main()
