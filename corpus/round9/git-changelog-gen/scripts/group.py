import sys, collections
groups = collections.defaultdict(list)
for line in sys.stdin:
    subj, _, h = line.strip().rpartition('|')
    kind = subj.split(':',1)[0].split('(')[0] if ':' in subj else 'other'
    groups[kind].append(f'- {subj} ({h})')
for k in ['feat','fix','perf','docs','other']:
    if groups[k]:
        print(f'### {k}'); print('\n'.join(groups[k])); print()
