import subprocess, sys, pathlib
def main():
    src = pathlib.Path(sys.argv[1])
    out = sys.argv[sys.argv.index('--out')+1] if '--out' in sys.argv else 'out.md'
    r = subprocess.run([str(pathlib.Path.home()/'Downloads'/'ocr-helper'), 'extract', str(src)], capture_output=True, text=True)
    pathlib.Path(out).write_text(r.stdout)
    print('wrote', out)
if __name__ == '__main__':
    main()
