// One satellite page (/satellite/chinese/*, /satellite/global/*): per satellite of the page's
// catalogue group, its facts and sensors, how many scenes the image catalogue holds of it with
// the image query pre-filled for it, and its latest quick-looks.
import { Link } from 'react-router';
import { useCatalogue } from '../../api/getCatalogue';
import { LoadFailed } from '../../components/LoadFailed';
import { beijingTimeOf } from '../../lib/beijingTime';
import type { Satellite } from './analysis';
import { useLatestScenes } from './api/getLatestScenes';
import { useSceneStatistics } from './api/getSceneStatistics';
import { NOT_PUBLISHED, satelliteFacts, sensorRow, type Sensor } from './facts';
import { descriptionSlug, imageQueryLink } from './groups';
import { PageText } from './PageText';

/** Quick-looks shown per satellite. */
const LATEST = 4;

const SENSOR_HEADER = ['传感器', '名称', '类型', '全色/最高分辨率', '多光谱分辨率'];

function LatestLooks({ satellite }: { satellite: Satellite }) {
  const latest = useLatestScenes(satellite.value, LATEST, true);
  if (latest.isPending) return <p>正在加载最新影像…</p>;
  if (latest.isError) return <p>最新影像加载失败</p>;
  return (
    <ul className="satellite-looks" data-testid={`latest-${satellite.value}`}>
      {latest.data.list.map((scene) => {
        const taken = beijingTimeOf(scene.acquiredAt).slice(0, 16);
        return (
          <li key={scene.id}>
            <figure>
              {scene.quicklook ? (
                <img
                  src={scene.quicklook}
                  alt={`${satellite.label} ${scene.sensor} ${taken} 快视图`}
                  width={128}
                  height={128}
                  loading="lazy"
                />
              ) : (
                <div className="satellite-looks__none">无快视图</div>
              )}
              <figcaption>
                {scene.sensor} · {taken} · 云量 {Number(scene.cloud.toFixed(1))}%
              </figcaption>
            </figure>
          </li>
        );
      })}
    </ul>
  );
}

function SatelliteSection({
  satellite,
  sensors,
  scenes,
}: {
  satellite: Satellite;
  sensors: readonly Sensor[];
  /** Scenes held; undefined while the counts load or when they failed. */
  scenes: number | undefined;
}) {
  const headingId = `satellite-${satellite.value}`;
  return (
    <section
      className="satellite-card"
      aria-labelledby={headingId}
      data-testid={`satellite-${satellite.value}`}
    >
      <h2 id={headingId}>{satellite.label}</h2>
      <dl className="satellite-facts">
        {satelliteFacts(satellite).map(({ term, text }) => (
          <div key={term} className={text === NOT_PUBLISHED ? 'satellite-facts__unknown' : ''}>
            <dt>{term}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <h3>传感器</h3>
      {sensors.length ? (
        <table className="satellite-table">
          <caption>{satellite.label}的传感器与分辨率</caption>
          <thead>
            <tr>
              {SENSOR_HEADER.map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sensors.map((sensor) => (
              <tr key={sensor.id}>
                {sensorRow(sensor).map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={index}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>目录未列出传感器。</p>
      )}
      <h3>影像数据</h3>
      <p data-testid={`scenes-${satellite.value}`}>
        {scenes === undefined ? (
          '影像数量加载中…'
        ) : (
          <>
            影像库现有 <strong>{scenes}</strong> 景{satellite.label}影像。
          </>
        )}{' '}
        <Link to={imageQueryLink(satellite.value)} data-testid={`query-${satellite.value}`}>
          在影像查询中检索{satellite.label}影像
        </Link>
      </p>
      {scenes ? (
        <>
          <h4>最新影像</h4>
          <LatestLooks satellite={satellite} />
        </>
      ) : null}
    </section>
  );
}

/** The satellites of one catalogue group. */
export function GroupPage({ group }: { group: string }) {
  const catalogue = useCatalogue();
  // Only the totals are needed here: one month keeps the answer small.
  const statistics = useSceneStatistics(1);
  if (catalogue.isPending) return <p>正在加载卫星目录…</p>;
  if (catalogue.isError)
    return (
      <LoadFailed
        title="卫星目录加载失败"
        onRetry={() => void catalogue.refetch()}
        testId="catalogue-failed"
      />
    );
  const satellites = catalogue.data.satellites.filter((s) => s.group === group);
  const held = new Map(statistics.data?.satellites.map((row) => [row.satellite, row.scenes]));
  return (
    <div className="satellite-group" data-testid="satellite-group">
      <PageText slug={descriptionSlug(group)} />
      {satellites.map((satellite) => (
        <SatelliteSection
          key={satellite.value}
          satellite={satellite}
          sensors={catalogue.data.sensors[satellite.value] ?? []}
          scenes={statistics.data ? (held.get(satellite.value) ?? 0) : undefined}
        />
      ))}
    </div>
  );
}
