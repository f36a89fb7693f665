import { useEffect, useState } from "react";
import { useTool } from "@/hooks/useTool";

/** A tool the merchandising team configures in the CMS. */
type RemoteToolSpec = {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  endpoint: string;
};

function RemoteTool({ spec }: { spec: RemoteToolSpec }) {
  useTool({
    name: spec.name,
    description: spec.description,
    inputSchema: spec.inputSchema,
    async execute(input, { signal }) {
      const res = await fetch(spec.endpoint, { method: "POST", body: JSON.stringify(input), signal });
      return res.ok ? res.json() : { error: `The ${spec.name} service answered ${res.status}.` };
    },
  });
  return null;
}

export function RemoteTools() {
  const [specs, setSpecs] = useState<RemoteToolSpec[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/agent-tools", { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : []))
      .then(setSpecs)
      .catch(() => {});
    return () => controller.abort();
  }, []);

  return (
    <>
      {specs.map((spec) => (
        <RemoteTool key={spec.name} spec={spec} />
      ))}
    </>
  );
}
