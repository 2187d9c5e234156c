#!/usr/bin/env bash
# Deploy one stage to the AWS account of the current credentials:
#   infra/deploy.sh dev|prod
# Builds the Lambda artifact for arm64 / Python 3.11, deploys template.yaml with the stage's
# parameters (infra/stages/<stage>.json), then uploads the built SPA: hashed assets cached for a
# year, index.html revalidated on every load so a deploy shows at once.
set -euo pipefail
cd "$(dirname "$0")/.."
stage="${1:?usage: infra/deploy.sh dev|prod}"
stack="almoner-${stage}"
python=".venv/bin/python"

"$python" infra/sync_template.py --check
"$python" infra/validate_template.py
"$python" infra/package.py --lambda
overrides=$("$python" -c 'import json,sys; print(" ".join(f"{k}={v}" for k, v in json.load(open(sys.argv[1])).items() if v))' \
  "infra/stages/${stage}.json")

sam deploy --template-file template.yaml --stack-name "$stack" --resolve-s3 \
  --capabilities CAPABILITY_IAM --no-fail-on-empty-changeset \
  --parameter-overrides $overrides

output() {
  aws cloudformation describe-stacks --stack-name "$stack" \
    --query "Stacks[0].Outputs[?OutputKey=='$1'].OutputValue" --output text
}
bucket=$(output SpaBucketName)
(cd frontend && npm ci && npm run build)
# Old hashed assets stay: a browser still holding the previous index.html may load them.
aws s3 sync frontend/dist/assets "s3://${bucket}/assets" --cache-control "public,max-age=31536000,immutable"
aws s3 sync frontend/dist "s3://${bucket}" --delete --exclude "assets/*" --cache-control "no-cache"
aws cloudfront create-invalidation --distribution-id "$(output DistributionId)" --paths "/index.html" >/dev/null
echo "deployed ${stack}: $(output Url)"
