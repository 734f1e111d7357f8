// The home page (spec §2): what the platform offers, entries to its areas, and the news
// sections (the latest notices and industry trends, `news/v3/home`) with their "more" links.
import type { ReactNode } from 'react';
import {
  AimOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  RocketOutlined,
  GlobalOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { newsListPath } from '../../app/routes';
import { useHomeNews, type HomeNews } from './api/getHomeNews';
import '../../components/PlainButton.css';
import './HomePage.css';

interface Entry {
  to: string;
  title: string;
  text: string;
  icon: ReactNode;
}

const entries: Entry[] = [
  {
    to: '/normal',
    title: '影像查询',
    text: '按区域、时间和卫星检索遥感影像，查看覆盖范围',
    icon: <SearchOutlined />,
  },
  {
    to: '/satellite',
    title: '卫星介绍',
    text: '国产与国外对地观测卫星、典型影像和发展分析',
    icon: <GlobalOutlined />,
  },
  {
    to: '/monitor',
    title: '应用监测',
    text: '风电、光伏、道路、钢铁厂、耕地非农化等专题监测',
    icon: <AimOutlined />,
  },
  {
    to: '/statistics',
    title: '统计分析',
    text: '影像覆盖统计与数据推送统计',
    icon: <BarChartOutlined />,
  },
  {
    to: '/orbitalPredict',
    title: '轨道预报',
    text: '卫星轨道与过境预报',
    icon: <RocketOutlined />,
  },
  {
    to: '/about/software',
    title: '软件共享',
    text: '遥感数据处理软件与资料共享',
    icon: <AppstoreOutlined />,
  },
];

const newsSections: { title: string; more: string; key: 'notice' | 'trend'; type: number }[] = [
  { title: '通知公告', more: '/platform/newsList/notic', key: 'notice', type: 0 },
  { title: '行业动态', more: '/platform/newsList/trend', key: 'trend', type: 1 },
];

/** A section's latest items, or what stands in for them while they load or when they fail. */
function NewsItems({
  news,
  section,
}: {
  news: ReturnType<typeof useHomeNews>;
  section: (typeof newsSections)[number];
}) {
  // Plain text, not antd's Empty or Skeleton: their pictures and code would cost the first
  // page's JavaScript budget for a line of text.
  if (news.isError) return <p className="home__news-note">新闻暂时无法加载</p>;
  if (!news.data) return <p className="home__news-note">加载中…</p>;
  const items: HomeNews['notice'] = news.data[section.key];
  if (items.length === 0) return <p className="home__news-note">暂无新闻</p>;
  const list = newsListPath(section.type) ?? section.more;
  return (
    <ul className="home__news-items">
      {items.map((item) => (
        <li key={item.id} className="home__news-item">
          <Link to={`${list}/detail/${item.id}`}>{item.title}</Link>
          <time>{item.publishedAt?.slice(0, 10)}</time>
        </li>
      ))}
    </ul>
  );
}

export default function HomePage() {
  const news = useHomeNews();
  return (
    <div className="home" data-testid="home-page">
      <section className="home__hero">
        <div className="container">
          <h1 className="home__hero-title">自然资源卫星遥感云服务平台</h1>
          <p className="home__hero-text">
            面向自然资源管理的卫星遥感云服务：影像查询与推送、专题应用监测、卫星与行业资讯、
            轨道预报以及软件和数据共享。
          </p>
          <Link to="/normal" className="plain-button plain-button--primary plain-button--large">
            <SearchOutlined />
            影像查询
          </Link>
        </div>
      </section>

      <section className="container home__entries" aria-label="快捷入口">
        {entries.map((entry) => (
          <Link key={entry.to} to={entry.to} className="home__entry">
            <span className="home__entry-icon">{entry.icon}</span>
            <span className="home__entry-title">{entry.title}</span>
            <span className="home__entry-text">{entry.text}</span>
          </Link>
        ))}
      </section>

      <section className="container home__news">
        {newsSections.map((section) => (
          // Drawn like an antd Card, without the Card's tabs and skeleton code on the first page.
          <section
            key={section.title}
            className="home__news-card"
            aria-labelledby={`home-news-${section.title}`}
            data-testid={`home-news-${section.more.split('/').pop()}`}
          >
            <header className="home__news-head">
              <h2 id={`home-news-${section.title}`} className="home__news-title">
                {section.title}
              </h2>
              <Link to={section.more}>更多</Link>
            </header>
            <div className="home__news-body">
              <NewsItems news={news} section={section} />
            </div>
          </section>
        ))}
      </section>
    </div>
  );
}
